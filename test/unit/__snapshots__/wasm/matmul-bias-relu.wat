(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 f32) (param $5 i32) (param $6 i32) (param $7 i32)
  (local $8 i32) (local $9 i32) (local $10 i32) (local $11 f32) (local $12 i32) (local $13 i32) (local $14 i32) (local $15 i32) (local $16 i32) (local $17 i32) (local $18 i32) (local $19 i32) (local $20 i32) (local $21 i32) (local $22 i32) (local $23 i32) (local $24 i32) (local $25 i32) (local $26 i32) (local $27 i32) (local $28 i32) (local $29 i32) (local $30 i32) (local $31 i32) (local $32 i32) (local $33 i32) (local $34 i32) (local $35 i32) (local $36 i32) (local $37 i32) (local $38 i32) (local $39 i32) (local $40 i32) (local $41 i32) (local $42 i32) (local $43 i32) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 i32) (local $51 i32) (local $52 i32) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 v128) (local $61 i32) (local $62 i32) (local $63 i32) (local $64 v128) (local $65 v128) (local $66 v128) (local $67 i32) (local $68 i32) (local $69 f32) (local $70 i32) (local $71 v128) (local $72 v128) (local $73 i32) (local $74 i32) (local $75 i32) (local $76 i32) (local $77 v128) (local $78 v128) (local $79 i32) (local $80 i32) (local $81 i32) (local $82 i32) (local $83 i32) (local $84 v128) (local $85 v128) (local $86 i32) (local $87 i32) (local $88 i32) (local $89 i32) (local $90 v128) (local $91 v128) (local $92 i32) (local $93 i32) (local $94 i32) (local $95 i32) (local $96 i32) (local $97 v128) (local $98 v128) (local $99 i32) (local $100 i32) (local $101 i32) (local $102 i32) (local $103 v128) (local $104 v128) (local $105 i32) (local $106 i32) (local $107 i32) (local $108 i32) (local $109 i32) (local $110 v128) (local $111 v128) (local $112 i32) (local $113 i32) (local $114 i32) (local $115 i32) (local $116 v128) (local $117 v128) (local $118 i32) (local $119 i32) (local $120 i32) (local $121 i32)
  local.get 6
  local.set 12
  block
    loop
      local.get 12
      local.get 7
      i32.ge_s
      br_if 1
      local.get 12
      i32.const 3
      i32.div_u
      local.set 20
      local.get 20
      local.set 21
      local.get 12
      i32.const 1
      i32.rem_u
      i32.const 16
      i32.mul
      local.tee 16
      i32.const 16
      i32.add
      i32.const 16
      local.get 16
      i32.const 16
      i32.add
      i32.const 16
      i32.lt_s
      select
      local.set 17
      local.get 12
      i32.const 1
      i32.div_u
      i32.const 3
      i32.rem_u
      i32.const 8
      i32.mul
      local.tee 13
      i32.const 8
      i32.add
      i32.const 24
      local.get 13
      i32.const 8
      i32.add
      i32.const 24
      i32.lt_s
      select
      local.set 14
      local.get 5
      local.set 18
      local.get 5
      i32.const 1024
      i32.add
      local.set 19
      local.get 13
      local.set 22
      block
        loop
          local.get 22
          local.get 14
          i32.ge_s
          br_if 1
          local.get 18
          local.get 22
          local.get 13
          i32.sub
          i32.const 8
          i32.div_u
          i32.const 1024
          i32.mul
          i32.add
          local.set 23
          local.get 22
          i32.const 8
          i32.add
          local.get 14
          i32.le_s
          if
            i32.const 0
            local.set 26
            i32.const 0
            local.set 10
            block
              loop
                local.get 10
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 23
                local.get 26
                i32.const 32
                i32.mul
                i32.add
                local.get 22
                i32.const 0
                i32.add
                local.set 24
                local.get 24
                local.set 27
                local.get 27
                local.set 9
                local.get 2
                local.get 10
                i32.const 24
                i32.mul
                local.get 9
                i32.add
                i32.const 2
                i32.shl
                i32.add
                v128.load
                v128.store
                local.get 23
                local.get 26
                i32.const 32
                i32.mul
                i32.add
                local.get 22
                i32.const 4
                i32.add
                local.set 24
                local.get 24
                local.set 28
                local.get 28
                local.set 9
                local.get 2
                local.get 10
                i32.const 24
                i32.mul
                local.get 9
                i32.add
                i32.const 2
                i32.shl
                i32.add
                v128.load
                v128.store offset=16
                local.get 26
                i32.const 1
                i32.add
                local.set 26
                local.get 10
                i32.const 1
                i32.add
                local.set 10
                br 0
              end
            end
          else
            local.get 22
            local.set 25
            block
              loop
                local.get 25
                local.get 22
                i32.const 8
                i32.add
                i32.ge_s
                br_if 1
                local.get 25
                local.get 14
                i32.lt_s
                if
                  local.get 25
                  local.set 29
                  local.get 29
                  local.set 9
                end
                i32.const 0
                local.set 26
                i32.const 0
                local.set 10
                block
                  loop
                    local.get 10
                    i32.const 32
                    i32.ge_s
                    br_if 1
                    local.get 23
                    local.get 26
                    i32.const 32
                    i32.mul
                    i32.add
                    local.get 25
                    local.get 22
                    i32.sub
                    i32.const 4
                    i32.mul
                    i32.add
                    local.get 25
                    local.get 14
                    i32.lt_s
                    if (result f32)
                      local.get 2
                      local.get 10
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      f32.load
                    else
                      f32.const 0
                    end
                    f32.store
                    local.get 26
                    i32.const 1
                    i32.add
                    local.set 26
                    local.get 10
                    i32.const 1
                    i32.add
                    local.set 10
                    br 0
                  end
                end
                local.get 25
                i32.const 1
                i32.add
                local.set 25
                br 0
              end
            end
          end
          local.get 22
          i32.const 8
          i32.add
          local.set 22
          br 0
        end
      end
      local.get 16
      local.set 15
      block
        loop
          local.get 15
          local.get 17
          i32.ge_s
          br_if 1
          local.get 15
          i32.const 16
          i32.add
          local.tee 30
          local.get 17
          local.get 30
          local.get 17
          i32.lt_s
          select
          local.set 30
          local.get 30
          local.get 15
          i32.sub
          i32.const 3
          i32.add
          i32.const 4
          i32.div_u
          local.set 31
          local.get 14
          local.get 13
          i32.sub
          i32.const 7
          i32.add
          i32.const 8
          i32.div_u
          local.set 32
          local.get 15
          local.set 22
          block
            loop
              local.get 22
              local.get 30
              i32.ge_s
              br_if 1
              local.get 19
              local.get 22
              local.get 15
              i32.sub
              i32.const 4
              i32.div_u
              i32.const 512
              i32.mul
              i32.add
              local.set 23
              local.get 22
              i32.const 4
              i32.add
              local.get 17
              i32.le_s
              if
                local.get 22
                i32.const 0
                i32.add
                local.set 33
                local.get 33
                local.set 40
                local.get 40
                local.set 36
                local.get 22
                i32.const 1
                i32.add
                local.set 33
                local.get 33
                local.set 41
                local.get 41
                local.set 37
                local.get 22
                i32.const 2
                i32.add
                local.set 33
                local.get 33
                local.set 42
                local.get 42
                local.set 38
                local.get 22
                i32.const 3
                i32.add
                local.set 33
                local.get 33
                local.set 43
                local.get 43
                local.set 39
                i32.const 0
                local.set 35
                i32.const 0
                local.set 10
                block
                  loop
                    local.get 10
                    i32.const 32
                    i32.ge_s
                    br_if 1
                    local.get 1
                    local.get 36
                    i32.const 32
                    i32.mul
                    local.get 10
                    i32.add
                    i32.const 2
                    i32.shl
                    i32.add
                    v128.load
                    local.set 44
                    local.get 1
                    local.get 37
                    i32.const 32
                    i32.mul
                    local.get 10
                    i32.add
                    i32.const 2
                    i32.shl
                    i32.add
                    v128.load
                    local.set 45
                    local.get 1
                    local.get 38
                    i32.const 32
                    i32.mul
                    local.get 10
                    i32.add
                    i32.const 2
                    i32.shl
                    i32.add
                    v128.load
                    local.set 46
                    local.get 1
                    local.get 39
                    i32.const 32
                    i32.mul
                    local.get 10
                    i32.add
                    i32.const 2
                    i32.shl
                    i32.add
                    v128.load
                    local.set 47
                    local.get 44
                    local.get 45
                    i8x16.shuffle i32 lanes 0 4 1 5
                    local.set 48
                    local.get 46
                    local.get 47
                    i8x16.shuffle i32 lanes 0 4 1 5
                    local.set 49
                    local.get 23
                    local.get 35
                    i32.const 16
                    i32.mul
                    i32.add
                    local.get 48
                    local.get 49
                    i8x16.shuffle i32 lanes 0 1 4 5
                    v128.store
                    local.get 23
                    local.get 35
                    i32.const 16
                    i32.mul
                    i32.add
                    local.get 48
                    local.get 49
                    i8x16.shuffle i32 lanes 2 3 6 7
                    v128.store offset=16
                    local.get 44
                    local.get 45
                    i8x16.shuffle i32 lanes 2 6 3 7
                    local.set 48
                    local.get 46
                    local.get 47
                    i8x16.shuffle i32 lanes 2 6 3 7
                    local.set 49
                    local.get 23
                    local.get 35
                    i32.const 16
                    i32.mul
                    i32.add
                    local.get 48
                    local.get 49
                    i8x16.shuffle i32 lanes 0 1 4 5
                    v128.store offset=32
                    local.get 23
                    local.get 35
                    i32.const 16
                    i32.mul
                    i32.add
                    local.get 48
                    local.get 49
                    i8x16.shuffle i32 lanes 2 3 6 7
                    v128.store offset=48
                    local.get 35
                    i32.const 4
                    i32.add
                    local.set 35
                    local.get 10
                    i32.const 4
                    i32.add
                    local.set 10
                    br 0
                  end
                end
              else
                local.get 22
                local.set 34
                block
                  loop
                    local.get 34
                    local.get 22
                    i32.const 4
                    i32.add
                    i32.ge_s
                    br_if 1
                    local.get 34
                    local.get 17
                    i32.lt_s
                    if
                      local.get 34
                      local.set 50
                      local.get 50
                      local.set 8
                    end
                    i32.const 0
                    local.set 35
                    i32.const 0
                    local.set 10
                    block
                      loop
                        local.get 10
                        i32.const 32
                        i32.ge_s
                        br_if 1
                        local.get 23
                        local.get 35
                        i32.const 16
                        i32.mul
                        i32.add
                        local.get 34
                        local.get 22
                        i32.sub
                        i32.const 4
                        i32.mul
                        i32.add
                        local.get 34
                        local.get 17
                        i32.lt_s
                        if (result f32)
                          local.get 1
                          local.get 8
                          i32.const 32
                          i32.mul
                          local.get 10
                          i32.add
                          i32.const 2
                          i32.shl
                          i32.add
                          f32.load
                        else
                          f32.const 0
                        end
                        f32.store
                        local.get 35
                        i32.const 1
                        i32.add
                        local.set 35
                        local.get 10
                        i32.const 1
                        i32.add
                        local.set 10
                        br 0
                      end
                    end
                    local.get 34
                    i32.const 1
                    i32.add
                    local.set 34
                    br 0
                  end
                end
              end
              local.get 22
              i32.const 4
              i32.add
              local.set 22
              br 0
            end
          end
          i32.const 0
          local.set 51
          block
            loop
              local.get 51
              local.get 32
              i32.ge_s
              br_if 1
              i32.const 0
              local.set 52
              block
                loop
                  local.get 52
                  local.get 31
                  i32.ge_s
                  br_if 1
                  v128.const f32x4 0 0 0 0
                  local.set 53
                  v128.const f32x4 0 0 0 0
                  local.set 54
                  v128.const f32x4 0 0 0 0
                  local.set 55
                  v128.const f32x4 0 0 0 0
                  local.set 56
                  v128.const f32x4 0 0 0 0
                  local.set 57
                  v128.const f32x4 0 0 0 0
                  local.set 58
                  v128.const f32x4 0 0 0 0
                  local.set 59
                  v128.const f32x4 0 0 0 0
                  local.set 60
                  local.get 19
                  local.get 52
                  i32.const 512
                  i32.mul
                  i32.add
                  local.set 61
                  local.get 18
                  local.get 51
                  i32.const 1024
                  i32.mul
                  i32.add
                  local.set 62
                  i32.const 32
                  local.set 63
                  block
                    loop
                      local.get 63
                      i32.eqz
                      br_if 1
                      local.get 62
                      v128.load
                      local.set 65
                      local.get 62
                      v128.load offset=16
                      local.set 66
                      local.get 61
                      v128.load32_splat
                      local.set 64
                      local.get 53
                      local.get 64
                      local.get 65
                      f32x4.mul
                      f32x4.add
                      local.set 53
                      local.get 54
                      local.get 64
                      local.get 66
                      f32x4.mul
                      f32x4.add
                      local.set 54
                      local.get 61
                      v128.load32_splat offset=4
                      local.set 64
                      local.get 55
                      local.get 64
                      local.get 65
                      f32x4.mul
                      f32x4.add
                      local.set 55
                      local.get 56
                      local.get 64
                      local.get 66
                      f32x4.mul
                      f32x4.add
                      local.set 56
                      local.get 61
                      v128.load32_splat offset=8
                      local.set 64
                      local.get 57
                      local.get 64
                      local.get 65
                      f32x4.mul
                      f32x4.add
                      local.set 57
                      local.get 58
                      local.get 64
                      local.get 66
                      f32x4.mul
                      f32x4.add
                      local.set 58
                      local.get 61
                      v128.load32_splat offset=12
                      local.set 64
                      local.get 59
                      local.get 64
                      local.get 65
                      f32x4.mul
                      f32x4.add
                      local.set 59
                      local.get 60
                      local.get 64
                      local.get 66
                      f32x4.mul
                      f32x4.add
                      local.set 60
                      local.get 61
                      i32.const 16
                      i32.add
                      local.set 61
                      local.get 62
                      i32.const 32
                      i32.add
                      local.set 62
                      local.get 63
                      i32.const 1
                      i32.sub
                      local.set 63
                      br 0
                    end
                  end
                  local.get 15
                  local.get 52
                  i32.const 4
                  i32.mul
                  i32.add
                  i32.const 0
                  i32.add
                  local.tee 67
                  local.get 17
                  i32.lt_s
                  if
                    local.get 67
                    local.set 70
                    local.get 70
                    local.set 8
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 0
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 53
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 71
                      local.get 4
                      f32x4.splat
                      local.tee 72
                      local.get 71
                      local.get 72
                      f32x4.pmax
                      local.get 72
                      local.get 72
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 73
                        local.get 73
                        local.set 9
                        local.get 53
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 74
                        local.get 74
                        local.set 9
                        local.get 53
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 75
                        local.get 75
                        local.set 9
                        local.get 53
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 76
                        local.get 76
                        local.set 9
                        local.get 53
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 4
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 54
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 77
                      local.get 4
                      f32x4.splat
                      local.tee 78
                      local.get 77
                      local.get 78
                      f32x4.pmax
                      local.get 78
                      local.get 78
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 79
                        local.get 79
                        local.set 9
                        local.get 54
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 80
                        local.get 80
                        local.set 9
                        local.get 54
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 81
                        local.get 81
                        local.set 9
                        local.get 54
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 82
                        local.get 82
                        local.set 9
                        local.get 54
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                  end
                  local.get 15
                  local.get 52
                  i32.const 4
                  i32.mul
                  i32.add
                  i32.const 1
                  i32.add
                  local.tee 67
                  local.get 17
                  i32.lt_s
                  if
                    local.get 67
                    local.set 83
                    local.get 83
                    local.set 8
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 0
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 55
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 84
                      local.get 4
                      f32x4.splat
                      local.tee 85
                      local.get 84
                      local.get 85
                      f32x4.pmax
                      local.get 85
                      local.get 85
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 86
                        local.get 86
                        local.set 9
                        local.get 55
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 87
                        local.get 87
                        local.set 9
                        local.get 55
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 88
                        local.get 88
                        local.set 9
                        local.get 55
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 89
                        local.get 89
                        local.set 9
                        local.get 55
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 4
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 56
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 90
                      local.get 4
                      f32x4.splat
                      local.tee 91
                      local.get 90
                      local.get 91
                      f32x4.pmax
                      local.get 91
                      local.get 91
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 92
                        local.get 92
                        local.set 9
                        local.get 56
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 93
                        local.get 93
                        local.set 9
                        local.get 56
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 94
                        local.get 94
                        local.set 9
                        local.get 56
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 95
                        local.get 95
                        local.set 9
                        local.get 56
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                  end
                  local.get 15
                  local.get 52
                  i32.const 4
                  i32.mul
                  i32.add
                  i32.const 2
                  i32.add
                  local.tee 67
                  local.get 17
                  i32.lt_s
                  if
                    local.get 67
                    local.set 96
                    local.get 96
                    local.set 8
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 0
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 57
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 97
                      local.get 4
                      f32x4.splat
                      local.tee 98
                      local.get 97
                      local.get 98
                      f32x4.pmax
                      local.get 98
                      local.get 98
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 99
                        local.get 99
                        local.set 9
                        local.get 57
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 100
                        local.get 100
                        local.set 9
                        local.get 57
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 101
                        local.get 101
                        local.set 9
                        local.get 57
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 102
                        local.get 102
                        local.set 9
                        local.get 57
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 4
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 58
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 103
                      local.get 4
                      f32x4.splat
                      local.tee 104
                      local.get 103
                      local.get 104
                      f32x4.pmax
                      local.get 104
                      local.get 104
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 105
                        local.get 105
                        local.set 9
                        local.get 58
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 106
                        local.get 106
                        local.set 9
                        local.get 58
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 107
                        local.get 107
                        local.set 9
                        local.get 58
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 108
                        local.get 108
                        local.set 9
                        local.get 58
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                  end
                  local.get 15
                  local.get 52
                  i32.const 4
                  i32.mul
                  i32.add
                  i32.const 3
                  i32.add
                  local.tee 67
                  local.get 17
                  i32.lt_s
                  if
                    local.get 67
                    local.set 109
                    local.get 109
                    local.set 8
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 0
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 59
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 110
                      local.get 4
                      f32x4.splat
                      local.tee 111
                      local.get 110
                      local.get 111
                      f32x4.pmax
                      local.get 111
                      local.get 111
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 112
                        local.get 112
                        local.set 9
                        local.get 59
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 113
                        local.get 113
                        local.set 9
                        local.get 59
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 114
                        local.get 114
                        local.set 9
                        local.get 59
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 115
                        local.get 115
                        local.set 9
                        local.get 59
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                    local.get 13
                    local.get 51
                    i32.const 8
                    i32.mul
                    i32.add
                    i32.const 4
                    i32.add
                    local.set 68
                    local.get 68
                    i32.const 4
                    i32.add
                    local.get 14
                    i32.le_s
                    if
                      local.get 68
                      local.set 9
                      local.get 0
                      local.get 8
                      i32.const 24
                      i32.mul
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      local.get 60
                      local.get 3
                      i32.const 0
                      local.get 9
                      i32.add
                      i32.const 2
                      i32.shl
                      i32.add
                      v128.load
                      f32x4.add
                      local.set 116
                      local.get 4
                      f32x4.splat
                      local.tee 117
                      local.get 116
                      local.get 117
                      f32x4.pmax
                      local.get 117
                      local.get 117
                      f32x4.ne
                      v128.bitselect
                      v128.store
                    else
                      local.get 68
                      i32.const 0
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 0
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 118
                        local.get 118
                        local.set 9
                        local.get 60
                        f32x4.extract_lane 0
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 0
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 1
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 1
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 119
                        local.get 119
                        local.set 9
                        local.get 60
                        f32x4.extract_lane 1
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 1
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 2
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 2
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 120
                        local.get 120
                        local.set 9
                        local.get 60
                        f32x4.extract_lane 2
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 2
                        i32.sub
                        local.set 68
                      end
                      local.get 68
                      i32.const 3
                      i32.add
                      local.get 14
                      i32.lt_s
                      if
                        local.get 68
                        i32.const 3
                        i32.add
                        local.set 68
                        local.get 68
                        local.set 121
                        local.get 121
                        local.set 9
                        local.get 60
                        f32x4.extract_lane 3
                        local.set 69
                        local.get 0
                        local.get 8
                        i32.const 24
                        i32.mul
                        local.get 9
                        i32.add
                        i32.const 2
                        i32.shl
                        i32.add
                        local.get 69
                        local.get 3
                        local.get 9
                        i32.const 2
                        i32.shl
                        i32.add
                        f32.load
                        f32.add
                        local.get 4
                        f32.max
                        f32.store
                        local.get 68
                        i32.const 3
                        i32.sub
                        local.set 68
                      end
                    end
                  end
                  local.get 52
                  i32.const 1
                  i32.add
                  local.set 52
                  br 0
                end
              end
              local.get 51
              i32.const 1
              i32.add
              local.set 51
              br 0
            end
          end
          local.get 15
          i32.const 16
          i32.add
          local.set 15
          br 0
        end
      end
      local.get 12
      i32.const 1
      i32.add
      local.set 12
      br 0
    end
  end
)