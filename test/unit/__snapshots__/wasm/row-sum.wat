(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 i32) (local $5 i32) (local $6 f32) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 i32) (local $12 f32)
  local.get 2
  local.set 4
  block
    loop
      local.get 4
      local.get 3
      i32.ge_s
      br_if 1
      f32.const 0
      local.set 6
      f32.const 0
      f32x4.splat
      local.set 7
      f32.const 0
      f32x4.splat
      local.set 8
      f32.const 0
      f32x4.splat
      local.set 9
      f32.const 0
      f32x4.splat
      local.set 10
      local.get 4
      i32.const 64
      i32.mul
      local.set 11
      i32.const 0
      local.set 5
      block
        loop
          local.get 5
          i32.const 15
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 7
          local.get 1
          local.get 11
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.set 7
          local.get 5
          i32.const 4
          i32.add
          local.set 5
          local.get 8
          local.get 1
          local.get 11
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.set 8
          local.get 5
          i32.const 4
          i32.add
          local.set 5
          local.get 9
          local.get 1
          local.get 11
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.set 9
          local.get 5
          i32.const 4
          i32.add
          local.set 5
          local.get 10
          local.get 1
          local.get 11
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.set 10
          local.get 5
          i32.const 12
          i32.sub
          local.set 5
          local.get 5
          i32.const 16
          i32.add
          local.set 5
          br 0
        end
      end
      local.get 5
      local.set 5
      block
        loop
          local.get 5
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 6
          local.get 1
          local.get 4
          i32.const 64
          i32.mul
          local.get 5
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.add
          local.set 6
          local.get 5
          i32.const 1
          i32.add
          local.set 5
          br 0
        end
      end
      local.get 7
      local.get 8
      f32x4.add
      local.get 9
      local.get 10
      f32x4.add
      f32x4.add
      local.set 7
      local.get 6
      local.get 7
      f32x4.extract_lane 0
      f32.add
      local.set 6
      local.get 6
      local.get 7
      f32x4.extract_lane 1
      f32.add
      local.set 6
      local.get 6
      local.get 7
      f32x4.extract_lane 2
      f32.add
      local.set 6
      local.get 6
      local.get 7
      f32x4.extract_lane 3
      f32.add
      local.set 6
      local.get 6
      local.set 12
      local.get 0
      local.get 4
      i32.const 2
      i32.shl
      i32.add
      local.get 12
      f32.store
      local.get 4
      i32.const 1
      i32.add
      local.set 4
      br 0
    end
  end
)