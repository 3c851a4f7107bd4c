(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32)
  (local $5 i32) (local $6 i32) (local $7 i32) (local $8 i32) (local $9 i32)
  local.get 3
  local.set 5
  block
    loop
      local.get 5
      local.get 4
      i32.ge_s
      br_if 1
      local.get 1
      local.get 5
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set 7
      local.get 5
      i32.const 8
      i32.mul
      local.set 8
      i32.const 0
      local.set 6
      block
        loop
          local.get 6
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 5
          i32.const 8
          i32.mul
          local.get 6
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 2
          local.get 6
          local.get 7
          local.tee 9
          i32.const 10
          i32.ge_u
          if
            i32.const 0
            i32.const 1
            i32.store
            i32.const 0
            local.get 9
            i32.store offset=4
            i32.const 0
            i32.const 0
            i32.store offset=8
            i32.const 0
            local.set 9
          end
          local.get 9
          i32.const 8
          i32.mul
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.store
          local.get 6
          i32.const 1
          i32.add
          local.set 6
          br 0
        end
      end
      local.get 5
      i32.const 1
      i32.add
      local.set 5
      br 0
    end
  end
)